// First: captures the engine's JSON functions before pdf.js replaces them (lib/native-json.ts).
import './lib/native-json';
import { loadConfig } from './config';
import { trustProxyWarning } from './lib/trust-proxy-warning';
import { checkApiProcesses, servesRequests, superviseWorkers } from './cluster';

/** Starts the server: config, database and migrations, first admin, listen; closes cleanly on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  checkApiProcesses(config);
  // API_PROCESSES > 1: this process only starts and watches the ones that serve (cluster.ts).
  if (!servesRequests(config.API_PROCESSES))
    return superviseWorkers({ processes: config.API_PROCESSES, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS + 10_000 });
  // Loaded only where a server runs: the supervising process stays small (~290 MB less).
  const [{ openRuntime }, { buildApp }, { ensureFirstAdmin }, { seedDemoData }, { describeFileStore }, { gracefulClose }] =
    await Promise.all([
      import('./runtime'),
      import('./app'),
      import('./bootstrap/first-admin'),
      import('./modules/opportunities/demo-seed'),
      import('./lib/open-file-store'),
      import('./lib/graceful-close'),
    ]);
  const { deps, database } = await openRuntime(config);
  const app = await buildApp(deps);
  const http = gracefulClose(app);

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

  // Stop accepting, let requests under way finish (bounded), stop jobs at their next step, and only
  // then close the parse workers and the database (lib/graceful-close.ts). Exit 0 when nothing was cut.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown did not finish in time');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5000).unref();
    let clean = false;
    try {
      const [drained] = await Promise.all([
        http.close({ graceMs: Math.min(1000, config.SHUTDOWN_TIMEOUT_MS / 2), timeoutMs: config.SHUTDOWN_TIMEOUT_MS }),
        deps.jobs.stop(),
      ]);
      await deps.parser.close();
      await database.close();
      clean = drained;
      app.log.info({ signal }, drained ? 'shut down' : 'shut down; requests still running at the time limit were cut');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
    } finally {
      clearTimeout(timer);
      process.exit(clean ? 0 : 1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Scheduled jobs (SAM sync, alerts) tick in every process; job_runs makes each period run once.
  if (config.JOBS_ENABLED) deps.jobs.start();
  app.log.info(
    `${config.PUBLIC_URL} is serving (database: ${deps.dbKind}, mail: ${deps.mailer.kind}, files: ${describeFileStore(config)})`,
  );
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) app.log.warn(proxyWarning);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
