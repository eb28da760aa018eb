import { describe, expect, it } from 'vitest';
import { groupConcurrentWrites } from './write-group.js';

/** A write that records each group it is given and answers each input doubled. */
function recordingWrite(options: { refuse?: number; failFirst?: Error } = {}) {
  const groups: number[][] = [];
  let release: (() => void) | undefined;
  let held: Promise<void> | undefined;
  const write = async (inputs: number[]): Promise<PromiseSettledResult<number>[]> => {
    groups.push(inputs);
    if (held) await held;
    if (options.failFirst && groups.length === 1) throw options.failFirst;
    return inputs.map((input) =>
      input === options.refuse
        ? { status: 'rejected', reason: new Error(`refused ${input}`) }
        : { status: 'fulfilled', value: input * 2 },
    );
  };
  return {
    groups,
    write,
    /** Makes the next writes wait until `resume()`. */
    hold() {
      held = new Promise((resolve) => {
        release = resolve;
      });
    },
    resume() {
      held = undefined;
      release?.();
    },
  };
}

describe('groupConcurrentWrites', () => {
  it('writes the inputs asked for in one turn as one group and answers each with its own output', async () => {
    const recorder = recordingWrite();
    const write = groupConcurrentWrites(recorder.write, { maxGroupSize: 10 });

    const outputs = await Promise.all([1, 2, 3].map((input) => write(input)));

    expect(outputs).toEqual([2, 4, 6]);
    expect(recorder.groups).toEqual([[1, 2, 3]]);
  });

  it('writes a lone input on its own without waiting for company', async () => {
    const recorder = recordingWrite();
    const write = groupConcurrentWrites(recorder.write, { maxGroupSize: 10 });

    expect(await write(5)).toBe(10);
    expect(await write(6)).toBe(12);
    expect(recorder.groups).toEqual([[5], [6]]);
  });

  it('keeps inputs asked for during a write for the next group, written once it ends', async () => {
    const recorder = recordingWrite();
    const write = groupConcurrentWrites(recorder.write, { maxGroupSize: 10 });
    recorder.hold();
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorder.groups).toEqual([[1]]);

    const later = [write(2), write(3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorder.groups).toEqual([[1]]);

    recorder.resume();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6]);
    expect(recorder.groups).toEqual([[1], [2, 3]]);
  });

  it('splits a crowd into groups of at most maxGroupSize, in the order asked', async () => {
    const recorder = recordingWrite();
    const write = groupConcurrentWrites(recorder.write, { maxGroupSize: 2 });

    const outputs = await Promise.all([1, 2, 3, 4, 5].map((input) => write(input)));

    expect(outputs).toEqual([2, 4, 6, 8, 10]);
    expect(recorder.groups).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the input that its write refused', async () => {
    const recorder = recordingWrite({ refuse: 2 });
    const write = groupConcurrentWrites(recorder.write, { maxGroupSize: 10 });

    const results = await Promise.allSettled([1, 2, 3].map((input) => write(input)));

    expect(results).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('refused 2') },
      { status: 'fulfilled', value: 6 },
    ]);
  });

  it('fails every input of a group whose write fails as a whole, and goes on writing', async () => {
    const failure = new Error('disk I/O error');
    const recorder = recordingWrite({ failFirst: failure });
    const write = groupConcurrentWrites(recorder.write, { maxGroupSize: 10 });

    const results = await Promise.allSettled([1, 2].map((input) => write(input)));

    expect(results).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    expect(await write(3)).toBe(6);
  });
});
