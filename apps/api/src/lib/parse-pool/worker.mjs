// Entry of a parse worker thread (see parse-pool.ts). Plain JavaScript so that Node loads it the
// same way under `npm start`, `npm run dev` and vitest; it then loads the TypeScript tasks through
// tsx's scoped API, which does not depend on how the parent process was started.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./tasks.ts', import.meta.url);

export const { readSolicitation, analyzeDraft } = tasks;
