import { useState } from 'react';
import type { ServicesRecord } from '../../../domain/collections.ts';
import { AdrenalineEditor } from './AdrenalineEditor.tsx';

/** The service page's adrenaline tab: the profile's editor, opened afresh after each save or cancel. */
export function AdrenalineTab({ service, onChanged }: { service: ServicesRecord; onChanged?: () => void }) {
  const [round, setRound] = useState(0);
  return (
    <AdrenalineEditor
      key={`${service.id}-${round}`}
      serviceId={service.id}
      closeLabel="adrenaline.reset"
      onClose={(saved) => {
        setRound((n) => n + 1);
        if (saved) onChanged?.();
      }}
    />
  );
}
