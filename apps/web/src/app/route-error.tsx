import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MESSAGES } from '@planpiso/domain';

/**
 * A route that failed to load (typically a chunk gone after a deploy): offer a reload instead of a blank page.
 * Plain markup, like everything in the entry chunk.
 */
export function RouteError() {
  const error = useRouteError();
  // The screen stays generic; the console keeps the cause for whoever investigates.
  useEffect(() => console.error(error), [error]);
  return (
    <div className="pp-route-error" role="alert">
      <div>
        <h1>{MESSAGES.errorTitle}</h1>
        <p>{MESSAGES.loadError}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {MESSAGES.retry}
        </button>
      </div>
    </div>
  );
}
