import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { ResultDialog, errorResult, type ActionResult } from './result-dialog';

type Prompt = { title?: string; message: string };

type Options<T> = {
  /** The call, once confirmed; its message (the server's) goes into the result dialog. */
  run: (subject: T) => Promise<{ message?: string }>;
  /** What the confirm dialog asks about `subject`. */
  prompt: (subject: T) => Prompt;
  /** The result dialog's text when the call succeeded (the server's message first). */
  success?: (subject: T, message?: string) => Omit<Extract<ActionResult, { ok: true }>, 'ok'>;
  /** A screen's own title on failure (spec 2 §8: the configuration's 'Error'). */
  failureTitle?: string;
  /** After the user accepts the result: where a successful save goes (the list). */
  onAccepted?: (succeeded: boolean) => void;
  busy?: boolean;
};

/**
 * The save flow every screen follows (ARCHITECTURE §7, spec 1 §4): confirm → call → result dialog with the
 * server's message. `ask(subject)` opens the confirmation; `dialogs` renders both dialogs.
 */
export function useConfirmedAction<T>({ run, prompt, success, failureTitle, onAccepted, busy }: Options<T>) {
  const [pending, setPending] = useState<T | null>(null);
  // The prompt keeps its text while the dialog fades out.
  const [asked, setAsked] = useState<Prompt>({ message: '' });
  const [result, setResult] = useState<ActionResult | null>(null);
  const [running, setRunning] = useState(false);

  // Stable, so a grid's columns that call it are not rebuilt on every render.
  const promptRef = useRef(prompt);
  promptRef.current = prompt;
  const ask = useCallback((subject: T) => {
    setAsked(promptRef.current(subject));
    setPending(subject);
  }, []);

  const confirm = async () => {
    if (pending === null) return;
    setRunning(true);
    try {
      const answer = await run(pending);
      setResult({ ok: true, message: answer.message, ...success?.(pending, answer.message) });
    } catch (error) {
      setResult({ ...errorResult(error), ...(failureTitle ? { title: failureTitle } : {}) });
    } finally {
      setRunning(false);
      setPending(null);
    }
  };

  const dialogs: ReactNode = (
    <>
      <ConfirmDialog
        open={pending !== null}
        title={asked.title}
        message={asked.message}
        busy={running || busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <ResultDialog
        result={result}
        onAccept={() => {
          const succeeded = result?.ok ?? false;
          setResult(null);
          onAccepted?.(succeeded);
        }}
      />
    </>
  );

  return { ask, dialogs, running };
}
