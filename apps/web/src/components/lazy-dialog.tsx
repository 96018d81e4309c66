import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * A dialog or drawer whose code (MUI's modal, focus trap and transitions) loads when it first opens, not with the
 * screen that may open it (issue 31: a list's first load carried every dialog it might show). Once opened it stays
 * mounted, so it fades (or slides) out on closing and in again on the next opening as before.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean) {
  const View = lazy(async () => ({ default: await load() }));
  const LazyView = View as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    const open = isOpen(props);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <LazyView {...props} />
      </Suspense>
    );
  };
}
