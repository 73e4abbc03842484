/**
 * A start-up step's progress on the console: on a terminal one line rewritten in place, in a log
 * (no terminal) a new line at most every `everyMs`, so a long step neither looks stuck nor floods.
 */
export const progressLine = (everyMs = 5000, out: NodeJS.WriteStream = process.stdout) => {
  const inPlace = out.isTTY === true;
  let last = 0;
  let shown = false;
  return {
    update(text: string) {
      const now = Date.now();
      if (inPlace) {
        out.write(`\r${text}\u001b[K`);
        shown = true;
      } else if (now - last >= everyMs) {
        out.write(`${text}\n`);
        last = now;
      }
    },
    /** Ends the step: the final text replaces the progress line. */
    done(text: string) {
      out.write(inPlace && shown ? `\r${text}\u001b[K\n` : `${text}\n`);
      shown = false;
    },
  };
};
