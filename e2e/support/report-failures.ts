import { beforeEach } from 'vitest';

/**
 * Prints every failed attempt of a browser test as it happens. With `retry: 1`, a test that passes
 * on its second attempt shows only as "retry x1" in vitest's report, without the first attempt's
 * error, so a flake's cause never reached the CI log. This prints it to stderr (the attempt, the
 * test's name and the error with its stack lines outside node_modules).
 */
beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    const errors = (task.result?.errors ?? []).map((error) =>
      (error.stack ?? error.message ?? String(error))
        .split('\n')
        .filter((line) => !line.includes('node_modules'))
        .slice(0, 12)
        .join('\n'),
    );
    console.error(
      `\n[e2e] attempt ${attempt} of "${task.name}" (${task.file?.name ?? ''}) failed:\n${errors.join('\n---\n')}\n`,
    );
  });
});
