import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/**
 * The files as one zip, deflated and written out as it is made: the answer starts before the
 * last file is compressed, and the zip is never held whole in memory.
 */
export function zipStream(files: readonly { name: string; text: string }[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  // Each file is added and finished in turn: fflate writes them in that order.
  setImmediate(() => {
    try {
      for (const file of files) {
        const entry = new ZipDeflate(file.name, { level: 6 });
        zip.add(entry);
        entry.push(Buffer.from(file.text, 'utf8'), true);
      }
      zip.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  });
  return out;
}
