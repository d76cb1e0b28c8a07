import type { ServicesRecord } from '../../../../common/collections.ts';
import { AdrenalineEditor } from './AdrenalineEditor.tsx';

/** The service page's adrenaline tab: the profile's editor, in place; Cancel starts again from the saved profile. */
export function AdrenalineTab({ service, onChanged }: { service: ServicesRecord; onChanged?: () => void }) {
  return (
    <AdrenalineEditor
      key={service.id}
      serviceId={service.id}
      closeLabel="adrenaline.reset"
      inPlace
      onClose={(saved) => {
        if (saved) onChanged?.();
      }}
    />
  );
}
