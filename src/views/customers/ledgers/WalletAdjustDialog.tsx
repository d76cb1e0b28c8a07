import { AdjustDialog, type AdjustDialogProps } from './AdjustDialog.tsx';

/** "Credit or debit" and its dialog: money in or out of a customer's wallet, with a required reason. */
export function WalletAdjustDialog(props: AdjustDialogProps) {
  return <AdjustDialog resource="wallet-transactions" {...props} />;
}
