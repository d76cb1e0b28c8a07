import { AdjustDialog, type AdjustDialogProps } from './AdjustDialog.tsx';

/** "Adjust points" and its dialog: points added or removed by hand, with a required reason. */
export function PointsAdjustDialog(props: AdjustDialogProps) {
  return <AdjustDialog resource="loyalty-entries" {...props} />;
}
