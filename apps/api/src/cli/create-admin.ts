import { parseArgs } from 'node:util';
import { EmailSchema, NewPasswordSchema } from '@biddesk/shared';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { hashPassword } from '../lib/password';
import * as usersRepository from '../modules/auth/users.repository';

/** `npm run create-admin -- --email E --password P [--name N]`: creates an admin or promotes a user. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = EmailSchema.safeParse(values.email ?? '');
  const password = NewPasswordSchema.safeParse(values.password ?? '');
  if (!email.success || !password.success) {
    console.error('Usage: npm run create-admin -- --email you@example.com --password <at least 6 characters> [--name "Full Name"]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const passwordHash = await hashPassword(password.data);
    const existing = await usersRepository.findByEmail(database.db, email.data);
    if (existing) {
      await usersRepository.promoteToAdmin(database.db, existing.id, passwordHash);
      console.log(`${email.data} is now an admin with the new password.`);
    } else {
      await usersRepository.insert(database.db, { name: values.name ?? 'Administrator', email: email.data, passwordHash, role: 'admin' });
      console.log(`Admin ${email.data} created.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
