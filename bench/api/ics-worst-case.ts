// The `.ics` of one event (issue 20, item 3): how long building it holds the thread, for the events
// the door accepts and for a row stored before the date bounds. Figures, not assertions.
//   cd apps/api && npx tsx ../../bench/api/ics-worst-case.ts [runs]
// Before the fix an event from year 1 to 9999 took 13.5 s (the run) and 31.2 s here (load 30).
import { eventCalendar } from '../../apps/api/src/lib/ical.ts';
import { load, machine } from './lib.mjs';

const RUNS = Number(process.argv[2] ?? 20);
const cases: [string, string, string, string][] = [
  ['two hours', 'America/Argentina/Buenos_Aires', '2026-11-26T13:00:00Z', '2026-11-26T15:00:00Z'],
  [
    'longest accepted (366 days)',
    'America/Argentina/Buenos_Aires',
    '2099-01-01T00:00:00Z',
    '2100-01-02T00:00:00Z',
  ],
  ['longest accepted, zone with DST', 'Europe/Madrid', '2099-01-01T00:00:00Z', '2100-01-02T00:00:00Z'],
  [
    'stored before the bounds (1000 to 9999)',
    'America/Argentina/Buenos_Aires',
    '1000-01-01T12:00:00Z',
    '9999-12-31T12:00:00Z',
  ],
  [
    'stored before the bounds, zone with DST',
    'Europe/Madrid',
    '1000-01-01T12:00:00Z',
    '9999-12-31T12:00:00Z',
  ],
];

console.log(`.ics built ${RUNS} times per case; ${machine()}; ${load()}`);
for (const [label, zone, from, to] of cases) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    bytes = eventCalendar(
      {
        uid: '1-evento@panel',
        title: 'Evento',
        description: null,
        category: null,
        startAt: new Date(from),
        endAt: new Date(to),
      },
      zone,
      new Date(),
    ).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${label.padEnd(42)} ${zone.padEnd(31)} median ${median.toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms  ${bytes} bytes`,
  );
}
