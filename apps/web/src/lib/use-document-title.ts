import { useEffect } from 'react';

/** Every screen's title doubles as the browser tab title (spec 1 §2.1). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | PlanPiso` : 'PlanPiso';
  }, [title]);
}
