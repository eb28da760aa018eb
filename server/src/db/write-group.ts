/**
 * Writes of one kind that arrive together go to the database as one statement.
 *
 * One group is written at a time. A write asked for while none is under way goes out once the
 * event loop has read what else has arrived; one asked for during a write waits for it to end
 * and goes out with the others that came meanwhile (group commit). A lone request waits for
 * nothing, and under load each commit carries many rows: one commit per row was most of a
 * create's cost, on SQLite because each commit writes the search index's pages anew, on
 * PostgreSQL because each is a round trip and a flush of the log (decision 0018).
 *
 * `write` settles each input on its own, so one refused row fails only its own request; a write
 * that fails as a whole fails every request of its group with that error.
 */
export function groupConcurrentWrites<Input, Output>(
  write: (inputs: Input[]) => Promise<PromiseSettledResult<Output>[]>,
  { maxGroupSize }: { maxGroupSize: number },
): (input: Input) => Promise<Output> {
  interface Waiting {
    input: Input;
    resolve(output: Output): void;
    reject(reason: unknown): void;
  }
  const waiting: Waiting[] = [];
  let writing = false;

  async function writeGroup(group: Waiting[]): Promise<void> {
    try {
      const results = await write(group.map((entry) => entry.input));
      group.forEach((entry, index) => {
        const result = results[index];
        if (result?.status === 'fulfilled') entry.resolve(result.value);
        else entry.reject(result ? result.reason : new Error('The write gave no result.'));
      });
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }

  function writeNextGroup(): void {
    if (writing || waiting.length === 0) return;
    writing = true;
    void writeGroup(waiting.splice(0, maxGroupSize)).finally(() => {
      writing = false;
      // setImmediate, so that requests read in the same turn of the event loop join the group.
      if (waiting.length > 0) setImmediate(writeNextGroup);
    });
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!writing && waiting.length === 1) setImmediate(writeNextGroup);
    });
}
