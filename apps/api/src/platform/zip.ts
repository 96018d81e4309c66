import { zipSync } from 'fflate';

/**
 * A ZIP archive of a few small files held in memory (a refinancing's signed PDFs, decision 047), written by fflate
 * (each entry deflated; a name that is not ASCII is stored in UTF-8 with the language-encoding flag). Names repeated
 * are numbered so no entry hides another.
 */
export function zipFiles(entries: readonly { name: string; bytes: Buffer }[], date = new Date()): Buffer {
  const seen = new Map<string, number>();
  const files = Object.fromEntries(entries.map((entry) => [uniqueName(entry.name, seen), new Uint8Array(entry.bytes)]));
  return Buffer.from(zipSync(files, { level: 6, mtime: date }));
}

function uniqueName(name: string, seen: Map<string, number>): string {
  const count = seen.get(name) ?? 0;
  seen.set(name, count + 1);
  if (count === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${count + 1})${name.slice(dot)}` : `${name} (${count + 1})`;
}
