import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the server writes each mail as an .eml file when no SMTP server is configured. */
export function outboxDir(): string {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set; run the tests through playwright.config.ts');
  return join(dataDir, 'outbox');
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function split(message: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(message);
  if (!match) return [message, ''];
  return [message.slice(0, match.index), message.slice(match.index + match[0].length)];
}

/** The headers and the decoded text of every part (plain text and HTML alike). */
export function readEml(raw: string): { headers: string; text: string } {
  const [headers, body] = split(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return { headers, text: decodePart(headers, body) };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => readEml(part.replace(/^\r?\n/, '')).text);
  return { headers, text: parts.join('\n') };
}

/**
 * Waits for a mail to `address` whose text matches `pattern`, and returns the match. Mail can
 * be sent after the API has answered (the reset link is), hence the polling.
 */
export async function waitForMail(
  address: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  while (Date.now() < deadline) {
    const files = await readdir(outboxDir()).catch(() => [] as string[]);
    for (const file of files
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()) {
      const { headers, text } = readEml(await readFile(join(outboxDir(), file), 'utf8'));
      const to = /^to:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1]?.toLowerCase() ?? '';
      if (!to.includes(wanted)) continue;
      const match = pattern.exec(text);
      if (match) return match;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
}
