import {
  PURSUIT_CSV_COLUMNS,
  PURSUIT_CSV_MAX_ROWS,
  UpdatePursuitBodySchema,
  type PipelineStage,
  type PursuitImportReport,
  type PursuitImportRow,
  type PursuitListQuery,
  type UpdatePursuitBody,
} from '@biddesk/shared';
import Papa from 'papaparse';
import type { AuthedCtx } from '../../lib/ctx';
import { AppError, badRequest } from '../../lib/errors';
import { neutraliseFormula, restoreNeutralised, spreadsheetCsv } from '../../lib/spreadsheet-cell';
import * as stagesRepository from './pipeline-stages.repository';
import { CSV_COLUMNS } from './pursuit-csv-columns';
import * as csvRepository from './pursuit-csv.repository';
import type { PursuitCsvRow } from './pursuit-csv.repository';
import { presentStage } from './pursuits.presenter';
import { assertPipeline, listFilters, movePursuit, trackOpportunity, updatePursuit } from './pursuits.service';

/** GET /pursuits/export.csv: every pursuit the /pipeline filters select, one row each. */
export async function exportPursuitsCsv(
  ctx: AuthedCtx,
  q: Omit<PursuitListQuery, 'per_stage'>,
  now = new Date(),
): Promise<{ fileName: string; body: Buffer }> {
  assertPipeline(ctx, 'pipeline.view');
  const [rows, stageRows] = await Promise.all([
    csvRepository.listCsvRows(ctx.db, listFilters(q, now)),
    stagesRepository.listStages(ctx.db),
  ]);
  const names = new Map(stageRows.map((s) => [s.id, s.name]));
  const cellCtx = { publicUrl: ctx.config.PUBLIC_URL, stageName: (id: string) => names.get(id) ?? '' };
  // Titles, notes and names come from notices and users: spreadsheetCsv neutralises formulas.
  const body = spreadsheetCsv(
    [...PURSUIT_CSV_COLUMNS],
    rows.map((r) => CSV_COLUMNS.map((c) => c.value(r, cellCtx))),
  );
  ctx.log.info({ rows: rows.length }, 'pursuits exported');
  return { fileName: `pipeline-${now.toISOString().slice(0, 10)}.csv`, body };
}

type Record_ = Record<string, string | undefined>;

/** The file as records keyed by lower-cased header, or 400 saying what is wrong with it (nothing is applied). */
function readCsv(bytes: Buffer): { records: Record_[]; headers: string[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text. Save it as "CSV UTF-8" and import it again.');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parsed = Papa.parse<Record_>(text, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });
  // A one-column file has no delimiter to detect; Papa then reads it as comma-separated, which is right.
  const broken = parsed.errors.find((e) => e.type !== 'Delimiter');
  if (broken) {
    // Papa numbers a field-count error by data row (the spreadsheet's row less 2); an unclosed
    // quote runs to the end, so its start is given as a line of the file.
    const where =
      broken.type === 'Quotes'
        ? `a quoted field opened on line ${text.slice(0, broken.index).split('\n').length} is not closed`
        : `row ${(broken.row ?? 0) + 2}: ${broken.message}`;
    throw badRequest(`The file is not a readable CSV (${where}). Nothing was imported.`);
  }
  const headers = parsed.meta.fields ?? [];
  if (!headers.includes('notice_id') && !headers.includes('solicitation_number') && !headers.includes('award_key')) {
    throw badRequest(
      'The file needs a notice_id, solicitation_number or award_key column (the header row of an exported pipeline CSV). Nothing was imported.',
    );
  }
  // Papa renames a repeated header (p_win_1): which of the two cells counts would be a guess.
  const renamed = Object.values((parsed.meta as { renamedHeaders?: Record<string, string> }).renamedHeaders ?? {});
  if (renamed.length > 0) throw badRequest(`The column ${renamed[0]} is named twice in the header row. Nothing was imported.`);
  if (parsed.data.length === 0) throw badRequest('The file has a header row but no pursuits. Nothing was imported.');
  if (parsed.data.length > PURSUIT_CSV_MAX_ROWS) {
    throw badRequest(
      `The file has ${parsed.data.length.toLocaleString('en-US')} rows; an import takes at most ${PURSUIT_CSV_MAX_ROWS.toLocaleString('en-US')}. Split the file. Nothing was imported.`,
    );
  }
  return { records: parsed.data, headers };
}

/** What one row asks for, relative to the pursuit as it is: the editor's fields and a stage. */
interface RowChange {
  body: Partial<UpdatePursuitBody>;
  stageId?: string;
}

class Refusal extends Error {}

interface Lookups {
  stages: PipelineStage[];
  stageName: (id: string) => string;
  users: Map<string, { id: string; isGuest: boolean }>;
  publicUrl: string;
}

/**
 * The changes a row asks of `current`. A cell equal to what the export writes for the pursuit is
 * unchanged (so an exported file imports as all unchanged); others are read back through
 * restoreNeutralised. With `blankKeeps` (a pursuit the row creates), a blank cell keeps the value
 * Track gave.
 */
function changesOf(record: Record_, current: PursuitCsvRow, lookups: Lookups, blankKeeps: boolean): RowChange {
  const change: RowChange = { body: {} };
  const cellCtx = { publicUrl: lookups.publicUrl, stageName: lookups.stageName };
  for (const column of CSV_COLUMNS) {
    const cell = record[column.name];
    if (cell === undefined) continue;
    if (cell === String(neutraliseFormula(column.value(current, cellCtx)))) continue;
    const typed = restoreNeutralised(cell);
    if (blankKeeps && typed.trim() === '') continue;
    if (column.name === 'stage') {
      if (typed.trim() === '') continue;
      const stage = lookups.stages.find((s) => s.name.toLowerCase() === typed.trim().toLowerCase());
      if (!stage) throw new Refusal(`Unknown stage "${typed.trim()}". The stages are: ${lookups.stages.map((s) => s.name).join(', ')}.`);
      if (stage.id !== current.stageId) change.stageId = stage.id;
    } else if (column.name === 'capture_owner_email') {
      const email = typed.trim().toLowerCase();
      if (email === (current.ownerEmail ?? '')) continue;
      if (email === '') change.body.owner_id = null;
      else {
        const user = lookups.users.get(email);
        if (!user) throw new Refusal(`No account has the email ${email}: the capture owner must be a user of this installation.`);
        change.body.owner_id = user.id;
      }
    } else if (column.write) {
      const parsed = column.write.parse(typed);
      if (!parsed.ok) throw new Refusal(parsed.reason);
      if (!column.write.equals(parsed.value, current)) Object.assign(change.body, { [column.write.field]: parsed.value });
    }
  }
  return change;
}

/** The editor's validation (PATCH /pursuits/{id}'s schema), as one readable sentence. */
function validBody(body: Partial<UpdatePursuitBody>): UpdatePursuitBody {
  const parsed = UpdatePursuitBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new Refusal([...new Set(parsed.error.issues.map((i) => i.message))].join('; '));
}

const isEmpty = (c: RowChange) => Object.keys(c.body).length === 0 && c.stageId === undefined;

/**
 * POST /pursuits/import: each row finds its notice (by notice id, else by a solicitation number
 * exactly one notice has), is tracked when untracked (Track's rules), and gets its changed fields
 * (the editor's rules) and stage (a move's rules: gates need a recorded Go, closing needs the
 * outcome form) in one transaction: a refused row leaves nothing behind. Rows run in file order,
 * while the caller waits (PURSUIT_CSV_MAX_ROWS bounds it).
 */
export async function importPursuitsCsv(ctx: AuthedCtx, bytes: Buffer): Promise<PursuitImportReport> {
  assertPipeline(ctx, 'pipeline.view');
  const { records, headers } = readCsv(bytes);
  const key = (r: Record_) => ({
    noticeId: r.notice_id?.trim() ?? '',
    solicitationNumber: r.solicitation_number?.trim() ?? '',
    awardKey: r.award_key?.trim() ?? '',
  });
  // Only a row with no notice is keyed by its award (a recompete tracked from the radar).
  const awardKeys = [
    ...new Set(
      records
        .filter((r) => !key(r).noticeId && !key(r).solicitationNumber)
        .map((r) => key(r).awardKey)
        .filter(Boolean),
    ),
  ];
  const noticeIds = [...new Set(records.map((r) => key(r).noticeId).filter(Boolean))];
  const solicitationNumbers = [
    ...new Set(
      records
        .filter((r) => !key(r).noticeId)
        .map((r) => key(r).solicitationNumber)
        .filter(Boolean),
    ),
  ];
  const emails = [
    ...new Set(
      records
        .map((r) =>
          restoreNeutralised(r.capture_owner_email ?? '')
            .trim()
            .toLowerCase(),
        )
        .filter(Boolean),
    ),
  ];

  const [notices, stageRows, users] = await Promise.all([
    csvRepository.findNotices(ctx.db, noticeIds, solicitationNumbers),
    stagesRepository.listStages(ctx.db),
    csvRepository.findUsersByEmail(ctx.db, emails),
  ]);
  const stages = stageRows.map(presentStage);
  const names = new Map(stages.map((s) => [s.id, s.name]));
  const lookups: Lookups = {
    stages,
    stageName: (id) => names.get(id) ?? '',
    users: new Map(users.map((u) => [u.email.toLowerCase(), { id: u.id, isGuest: u.isGuest }])),
    publicUrl: ctx.config.PUBLIC_URL,
  };
  const byNotice = new Map(notices.map((n) => [n.noticeId, n]));
  const bySolicitation = new Map<string, typeof notices>();
  for (const n of notices)
    if (n.solicitationNumber) bySolicitation.set(n.solicitationNumber, [...(bySolicitation.get(n.solicitationNumber) ?? []), n]);
  // The pursuits of every notice a row can name: by notice id, or found by solicitation number.
  const current = new Map(
    (await csvRepository.csvRowsByNotice(ctx.db, [...new Set([...noticeIds, ...byNotice.keys()])])).map((r) => [r.noticeId!, r]),
  );
  const byAward = new Map((await csvRepository.csvRowsByAwardKey(ctx.db, awardKeys)).map((r) => [r.awardKey!, r]));

  const seen = new Map<string, number>();
  const report: PursuitImportRow[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 2;
    const { noticeId: typedNotice, solicitationNumber, awardKey } = key(record);
    let noticeId: string | null = typedNotice || null;
    const refuse = (reason: string) => report.push({ row, notice_id: noticeId, action: 'refused', reason });
    if (!noticeId && !solicitationNumber && awardKey) {
      // A recompete: it is updated, never created here (Track on the radar creates it).
      const existing = byAward.get(awardKey);
      if (!existing) refuse(`No pursuit tracks the award ${awardKey}: track the recompete from the radar first.`);
      else if (seen.has(`award:${awardKey}`))
        refuse(`Award ${awardKey} is on row ${seen.get(`award:${awardKey}`)} already: one row per pursuit.`);
      else {
        seen.set(`award:${awardKey}`, row);
        report.push(await applyRow(ctx, record, existing, lookups, row, null));
      }
      continue;
    }
    if (!noticeId) {
      if (!solicitationNumber) {
        refuse('The row has neither a notice id, a solicitation number nor an award key.');
        continue;
      }
      const matches = bySolicitation.get(solicitationNumber) ?? [];
      if (matches.length !== 1) {
        refuse(
          matches.length === 0
            ? `No notice has the solicitation number ${solicitationNumber}.`
            : `${matches.length} notices have the solicitation number ${solicitationNumber}: give the notice id to say which.`,
        );
        continue;
      }
      noticeId = matches[0]!.noticeId;
    }
    if (seen.has(noticeId)) {
      refuse(`Notice ${noticeId} is on row ${seen.get(noticeId)} already: one row per notice.`);
      continue;
    }
    seen.set(noticeId, row);
    const existing = current.get(noticeId);
    const notice = byNotice.get(noticeId);
    if (!existing && !notice) {
      refuse(`No notice has the notice id ${noticeId} (it is not in the opportunity data, and not in the pipeline).`);
      continue;
    }
    report.push(await applyRow(ctx, record, existing, lookups, row, noticeId, notice?.id));
  }
  const count = (a: PursuitImportRow['action']) => report.filter((r) => r.action === a).length;
  const counts = {
    rows: report.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    refused: count('refused'),
  };
  ctx.log.info(counts, 'pursuits imported');
  return { counts, rows: report, ignored_columns: headers.filter((h) => !(PURSUIT_CSV_COLUMNS as readonly string[]).includes(h)) };
}

/**
 * One row in one transaction: tracks the notice when no pursuit has it (opportunityId), then the
 * changed fields and the stage; a refusal leaves nothing behind and says why.
 */
async function applyRow(
  ctx: AuthedCtx,
  record: Record_,
  existing: PursuitCsvRow | undefined,
  lookups: Lookups,
  row: number,
  noticeId: string | null,
  opportunityId?: string,
): Promise<PursuitImportRow> {
  try {
    // Unchanged rows of tracked pursuits are decided without a write (and without the owner's rights).
    if (existing && isEmpty(changesOf(record, existing, lookups, false)))
      return { row, notice_id: noticeId, action: 'unchanged', reason: null };
    const action = await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      let state = existing;
      if (!state) {
        const tracked = await trackOpportunity(txCtx, { opportunity_id: opportunityId! });
        state = await csvRepository.csvRowById(tx, tracked.id);
      }
      const change = changesOf(record, state!, lookups, !existing);
      if (Object.keys(change.body).length > 0) await updatePursuit(txCtx, state!.id, validBody(change.body));
      if (change.stageId) await movePursuit(txCtx, state!.id, { stage_id: change.stageId, from_stage_id: state!.stageId });
      return existing ? ('updated' as const) : ('created' as const);
    });
    return { row, notice_id: noticeId, action, reason: null };
  } catch (err) {
    if (err instanceof Refusal) return { row, notice_id: noticeId, action: 'refused', reason: err.message };
    if (err instanceof AppError && err.statusCode < 500) return { row, notice_id: noticeId, action: 'refused', reason: err.detail };
    throw err;
  }
}
