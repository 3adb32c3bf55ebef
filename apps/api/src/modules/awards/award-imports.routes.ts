import { importStartRoutes } from '../import-jobs/import-start.routes';

/**
 * Admin → Database: a USAspending contract award CSV (custom download or archive layout), or a ZIP
 * of them as downloaded (a fiscal year's archive included, read entry by entry from disk), imported
 * in the background (issue 27), as the opportunity import is: 202 with the job at once, progress at
 * GET /admin/import-jobs/{id}, one import at a time across processes (409 otherwise).
 */
export const awardImportsRoutes = importStartRoutes('/admin/award-imports', 'awards');
