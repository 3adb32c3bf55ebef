import type { Db } from '../../../db/client';
import type { NewOpportunityRow } from '../../../db/schema/index';
import { executeUpsert, prepareUpsert } from '../opportunities-write.repository';

export interface WrittenCounts {
  inserted: number;
  updated: number;
  /** Skipped: same content hash as the stored row. */
  unchanged: number;
  rows: number;
}

interface Lane {
  batch: NewOpportunityRow[];
  inFlight: Promise<void>;
}

/** FNV-1a: a stable lane for a NoticeId, so every row of one notice goes through the same lane. */
function laneOf(noticeId: string, lanes: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < noticeId.length; i++) h = Math.imul(h ^ noticeId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % lanes;
}

/** Lets the event loop run once: I/O callbacks (incoming requests) before the next batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Batches rows into upserts. The next batch is serialised while the server writes the previous one,
 * so the importer's CPU and the database's overlap. With more than one lane (PostgreSQL: each lane
 * gets its own pooled connection) batches are written concurrently; rows are split by NoticeId, so
 * within a lane, and so for any one notice, writes keep file order and the last row still wins.
 * Each batch is atomic. At most two batches a lane are held: constant memory.
 *
 * Between batches the writer waits one turn of the event loop. The embedded PGlite executes each
 * statement on this thread, and rows already parsed from a buffered part reach the writer through
 * promise callbacks only, so without the pause an import ran batch after batch and no request was
 * even read until the part was written (issue 21: /api/health p50 6.1 s during a 58k-row import).
 * After the pause, requests that arrived meanwhile have queued their queries ahead of the next batch.
 */
export class BatchWriter {
  private readonly lanes: Lane[];

  constructor(
    private readonly db: Db,
    private readonly batchSize: number,
    laneCount: number,
    private readonly onWritten: (counts: WrittenCounts) => void,
  ) {
    this.lanes = Array.from({ length: Math.max(1, laneCount) }, () => ({ batch: [], inFlight: Promise.resolve() }));
  }

  /** Queues a row; resolves once the row's lane has room again (backpressure). */
  async add(row: NewOpportunityRow): Promise<void> {
    const lane = this.lanes[laneOf(row.noticeId, this.lanes.length)]!;
    lane.batch.push(row);
    if (lane.batch.length >= this.batchSize) await this.flush(lane);
  }

  /** Writes what is left and waits for every write. */
  async finish(): Promise<void> {
    for (const lane of this.lanes) await this.flush(lane);
    await Promise.all(this.lanes.map((lane) => lane.inFlight));
  }

  private async flush(lane: Lane): Promise<void> {
    const rows = lane.batch;
    lane.batch = [];
    const prepared = rows.length ? prepareUpsert(rows) : null;
    await lane.inFlight;
    await nextTurn();
    if (!prepared) return;
    lane.inFlight = executeUpsert(this.db, prepared).then((written) => this.onWritten({ ...written, rows: rows.length }));
    // A failed write surfaces at the lane's next await, without an unhandled rejection in between.
    lane.inFlight.catch(() => {});
  }
}
