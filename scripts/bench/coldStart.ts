import { median, type Row } from './report';
import { freshDatabase, startServer } from './serverProcess';

/**
 * Server cold start: process spawn to first answer, on an empty database (migrations + seed) and on
 * a seeded one; then `npm start` as the README runs it after install (its build check finds the
 * build made at install time current), on the seeded database.
 */
export async function coldStart(runs = 3): Promise<Row[]> {
  const empty: number[] = [];
  const seeded: number[] = [];
  const npmStart: number[] = [];
  for (let i = 0; i < runs; i++) {
    const database = await freshDatabase();
    const first = await startServer(3390, database.env);
    empty.push(first.startMs);
    await first.stop();
    const second = await startServer(3390, database.env);
    seeded.push(second.startMs);
    await second.stop();
    const third = await startServer(3390, database.env, 'npm start');
    npmStart.push(third.startMs);
    await third.stop();
    await database.drop();
  }
  return [
    {
      case: 'cold start, empty database (migrate + seed)',
      value: median(empty),
      unit: 'ms',
      note: `median of ${runs}`,
    },
    { case: 'cold start, seeded database', value: median(seeded), unit: 'ms', note: `median of ${runs}` },
    {
      case: '`npm start` after install, seeded database',
      value: median(npmStart),
      unit: 'ms',
      goal: '< 5000',
      note: `median of ${runs}; spawn of npm to the first answer`,
    },
  ];
}
