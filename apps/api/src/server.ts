import { loadConfig } from './config';
import { trustProxyWarning } from './lib/trust-proxy-warning';
import { checkApiProcesses, servesRequests, superviseWorkers } from './cluster';

/** Starts the server: config, database and migrations, first admin, listen; closes cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  checkApiProcesses(config);
  // API_PROCESSES > 1: this process only starts and watches the ones that serve (cluster.ts).
  if (!servesRequests(config.API_PROCESSES)) return superviseWorkers({ processes: config.API_PROCESSES });
  // Loaded only where a server runs: the supervising process stays small (~290 MB less).
  const [{ openRuntime }, { buildApp }, { ensureFirstAdmin }, { seedDemoData }, { describeFileStore }] = await Promise.all([
    import('./runtime'),
    import('./app'),
    import('./bootstrap/first-admin'),
    import('./modules/opportunities/demo-seed'),
    import('./lib/open-file-store'),
  ]);
  const { deps, database } = await openRuntime(config);
  const app = await buildApp(deps);

  const admin = await ensureFirstAdmin(deps.db, config, app.log);
  if (admin.created && admin.generatedPassword) {
    // Printed once, on the console only: the embedded default's first start.
    console.log(
      `\n  First admin account created (shown once, change it after signing in):\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n`,
    );
  }

  // Demo data only on the embedded default: a PostgreSQL deployment is a real one.
  if (config.SEED_DEMO_DATA && deps.dbKind === 'pglite') {
    await seedDemoData(deps.db, config.DATA_DIR, app.log);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await deps.jobs.stop();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Scheduled jobs (SAM sync, alerts) tick in every process; job_runs makes each period run once.
  if (config.JOBS_ENABLED) deps.jobs.start();
  app.log.info(`${config.PUBLIC_URL} is serving (database: ${deps.dbKind}, mail: ${deps.mailer.kind}, files: ${describeFileStore(config)})`);
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) app.log.warn(proxyWarning);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
