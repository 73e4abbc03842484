// `npm run deps`: the runtime dependencies of the apps that are behind their latest release, with
// how old the installed release is and how long a newer one has been out. This machine's npm cannot
// reach an advisory service (`npm audit`), so staying current is how Kassa keeps up with fixes
// (docs/security.md). Prints a table; exits 0 (a report, not a gate).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const npm = (args) =>
  run('npm', args, { maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    // `npm outdated` exits 1 when something is outdated; its JSON is still on stdout.
    (error) => error.stdout ?? '',
  );

const outdated = JSON.parse(
  (await npm(['outdated', '--json', '--omit=dev', '--workspaces', '--include-workspace-root=false'])) || '{}',
);
const days = (iso) => (iso ? Math.floor((Date.now() - Date.parse(iso)) / 86_400_000) : undefined);
const major = (version) => Number(String(version).split('.')[0]);

const rows = [];
for (const [name, entries] of Object.entries(outdated)) {
  for (const info of [entries].flat()) {
    const times = JSON.parse((await npm(['view', name, 'time', '--json'])) || '{}');
    rows.push({
      package: name,
      workspace: info.dependent,
      installed: info.current ?? '(missing)',
      latest: info.latest,
      behind:
        major(info.latest) > major(info.current) ? `${major(info.latest) - major(info.current)} major` : 'minor/patch',
      'installed released (days ago)': days(times[info.current]) ?? '?',
      'newer out for (days)':
        days(
          Object.entries(times).find(
            ([v]) =>
              v !== 'created' && v !== 'modified' && v !== info.current && times[v] > (times[info.current] ?? ''),
          )?.[1],
        ) ?? '?',
    });
  }
}
rows.sort((a, b) => (a.behind === b.behind ? a.package.localeCompare(b.package) : a.behind.includes('major') ? -1 : 1));
if (rows.length === 0) console.log('Every runtime dependency is at its latest release.');
else console.table(rows);
