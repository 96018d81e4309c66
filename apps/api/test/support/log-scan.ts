/**
 * What must never reach the API's log (issue 27 item 3, decision 066): the personal data the tests send (e-mails,
 * phones, RFCs) and their passwords. The shapes are the test data's: e-mails of any domain, ten-digit phones
 * (optionally +52), RFCs of a person or a company, and the tests' passwords (Word#2026x).
 */
export const PII_PATTERNS: readonly { kind: string; pattern: RegExp }[] = [
  { kind: 'e-mail', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g },
  // Not a path's segment: the log keeps a request's path only (app.ts), whose numbers are ids (/companies/2147483000).
  { kind: 'phone', pattern: /(?<![\w.:/-])(?:\+?52)?\d{10}(?![\w.:-])/g },
  { kind: 'RFC', pattern: /\b[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}\b/g },
  { kind: 'password', pattern: /\b[A-Z][a-z]+#20\d\d[a-z]?\b/g },
];

export type LogFinding = { file: string; kind: string; found: string; line: string };

/** Every match of a PII pattern in `text`, with the line it is on (cut to 300 characters). */
export function scanLogText(text: string, file = ''): LogFinding[] {
  const findings: LogFinding[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    for (const { kind, pattern } of PII_PATTERNS) {
      for (const match of line.matchAll(pattern))
        findings.push({ file, kind, found: match[0], line: line.slice(0, 300) });
    }
  }
  return findings;
}
