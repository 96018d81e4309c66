import { useEffect, useRef, useState } from 'react';
import type { FieldSelectedSections } from '@mui/x-date-pickers/models';

/**
 * A date field that takes a whole date typed after a click anywhere in it (issue 14 §1.10). MUI's field selects the
 * clicked section, so clicking on the year and typing '24112026' filled only the year. When the field is entered
 * (nothing selected before) and until a key is pressed, any section MUI selects becomes 'all': typing then starts at
 * the day and runs through month and year. Once a key is down the field behaves as MUI's (arrows, one section at a
 * time); leaving it (MUI selects nothing) starts over.
 *
 * Spread the result on the DatePicker. Keys are listened on the document: only the focused field is in its entering
 * phase, and it leaves it at the first key whatever element MUI has focused inside it.
 */
export function useWholeDateEntry() {
  const [selectedSections, setSelectedSections] = useState<FieldSelectedSections>(null);
  const selected = useRef<FieldSelectedSections>(null);
  const entering = useRef(true);
  useEffect(() => {
    const typed = () => {
      entering.current = false;
    };
    document.addEventListener('keydown', typed, true);
    return () => document.removeEventListener('keydown', typed, true);
  }, []);
  return {
    selectedSections,
    onSelectedSectionsChange: (next: FieldSelectedSections) => {
      if (next === null || selected.current === null) entering.current = true;
      const chosen = entering.current && typeof next === 'number' ? 'all' : next;
      selected.current = chosen;
      setSelectedSections(chosen);
    },
  };
}
