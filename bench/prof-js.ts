import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse';
import { generateCsv } from './generate-rows';
import { DecodeLines } from '../apps/api/src/modules/opportunities/import/decode-lines';
import { csvRecordToRow } from '../apps/api/src/modules/opportunities/import/csv-row';

const N = Number(process.argv[2] ?? 20000);
async function gen() {
  let t = performance.now();
  await pipeline(generateCsv(N), new Writable({ write(_c, _e, cb) { cb(); } }));
  console.log('generate only', ((performance.now() - t) / 1000).toFixed(2), 's', Math.round(N / ((performance.now() - t) / 1000)), 'rows/s');
}
async function parseOnly(map: boolean) {
  const t = performance.now();
  let n = 0;
  await pipeline(generateCsv(N), new DecodeLines(), parse({ columns: true, relax_quotes: true, record_delimiter: ['\r\n', '\n'], skip_empty_lines: true, skip_records_with_error: true, info: true }), async (src: AsyncIterable<any>) => {
    for await (const { record } of src) { if (map) { const r = csvRecordToRow(record); if (r.ok) n++; } else n++; }
  });
  console.log(map ? 'gen+decode+parse+map' : 'gen+decode+parse', ((performance.now() - t) / 1000).toFixed(2), 's', Math.round(N / ((performance.now() - t) / 1000)), 'rows/s');
}
await gen();
await parseOnly(false);
await parseOnly(true);
