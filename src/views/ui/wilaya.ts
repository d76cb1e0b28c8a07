import { wilayaByCode } from '../../../common/wilayaList.ts';
import { localized } from './format.ts';

/** A wilaya by its code and its name in the user's language: "16 · Alger". */
export function wilayaLabel(code: string, locale: string): string {
  const wilaya = wilayaByCode(code);
  return wilaya ? `${code} · ${localized(wilaya.name, locale)}` : code;
}
