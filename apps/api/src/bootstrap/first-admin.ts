import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { hashPassword } from '../lib/password';
import * as usersRepository from '../modules/auth/users.repository';

export type FirstAdminResult = { created: false } | { created: true; email: string; generatedPassword?: string };

/**
 * Makes sure an admin exists at start. With ADMIN_EMAIL/ADMIN_PASSWORD set and no admin, that
 * account is created (or an existing user of that email promoted); on an empty database without
 * them, an admin with a random password is created and its credentials returned to print once.
 */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<FirstAdminResult> {
  // Two API processes starting together on an empty database would both see no admin and both
  // insert one (the second crashing on the unique e-mail); the lock makes the second wait and then
  // find the first one's admin.
  return db.transaction(async (tx) => {
    await usersRepository.lockFirstAdmin(tx as unknown as Db);
    return createAdminIfNone(tx as unknown as Db, config, log);
  });
}

async function createAdminIfNone(db: Db, config: Config, log: FastifyBaseLogger): Promise<FirstAdminResult> {
  if ((await usersRepository.countAdmins(db)) > 0) return { created: false };
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const email = config.ADMIN_EMAIL.toLowerCase();
    const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
    const existing = await usersRepository.findByEmail(db, email);
    if (existing) {
      await usersRepository.promoteToAdmin(db, existing.id, passwordHash);
    } else {
      await usersRepository.insert(db, { name: config.ADMIN_NAME, email, passwordHash, role: 'admin' });
    }
    log.info({ email }, 'first admin created from ADMIN_EMAIL');
    return { created: true, email };
  }
  if ((await usersRepository.countAll(db)) > 0) {
    log.warn('no admin exists; run `npm run create-admin -- --email E --password P` to create one');
    return { created: false };
  }
  const email = 'admin@biddesk.local';
  const generatedPassword = randomBytes(12).toString('base64url');
  await usersRepository.insert(db, { name: config.ADMIN_NAME, email, passwordHash: await hashPassword(generatedPassword), role: 'admin' });
  return { created: true, email, generatedPassword };
}
