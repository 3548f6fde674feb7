import { useCallback, useState } from 'react';

/**
 * A dialog opened on a row (or on nothing, to create one). The row stays set while the dialog
 * closes, so its title and texts do not flicker.
 */
export function useDialogTarget<T>() {
  const [opened, setOpened] = useState(false);
  const [target, setTarget] = useState<T | null>(null);
  const open = useCallback((next: T | null) => {
    setTarget(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { opened, target, open, close };
}
