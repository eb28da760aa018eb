import { hash, verify, type Options } from '@node-rs/argon2';

/** OWASP's minimum for Argon2id: 19 MiB, 2 passes, 1 lane. Runs on libuv's pool, not the loop. */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the package ships it as a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
