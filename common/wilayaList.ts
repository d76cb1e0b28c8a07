/**
 * The 58 wilayas (provinces) of Algeria, by official code, with their names in the
 * three languages of the product and the approximate coordinates of their capital
 * (used to centre map previews and to place demo locations). Plain data with no schema
 * library, so screens can name a wilaya without loading it.
 */
export interface Wilaya {
  code: string;
  name: { en: string; fr: string; ar: string };
  lat: number;
  lng: number;
}

const w = (code: string, en: string, fr: string, ar: string, lat: number, lng: number): Wilaya => ({
  code,
  name: { en, fr, ar },
  lat,
  lng,
});

export const WILAYAS: readonly Wilaya[] = [
  w('01', 'Adrar', 'Adrar', 'أدرار', 27.874, -0.294),
  w('02', 'Chlef', 'Chlef', 'الشلف', 36.165, 1.335),
  w('03', 'Laghouat', 'Laghouat', 'الأغواط', 33.8, 2.865),
  w('04', 'Oum El Bouaghi', 'Oum El Bouaghi', 'أم البواقي', 35.875, 7.114),
  w('05', 'Batna', 'Batna', 'باتنة', 35.556, 6.174),
  w('06', 'Bejaia', 'Béjaïa', 'بجاية', 36.751, 5.056),
  w('07', 'Biskra', 'Biskra', 'بسكرة', 34.851, 5.728),
  w('08', 'Bechar', 'Béchar', 'بشار', 31.617, -2.215),
  w('09', 'Blida', 'Blida', 'البليدة', 36.47, 2.828),
  w('10', 'Bouira', 'Bouira', 'البويرة', 36.375, 3.902),
  w('11', 'Tamanrasset', 'Tamanrasset', 'تمنراست', 22.785, 5.523),
  w('12', 'Tebessa', 'Tébessa', 'تبسة', 35.404, 8.124),
  w('13', 'Tlemcen', 'Tlemcen', 'تلمسان', 34.878, -1.315),
  w('14', 'Tiaret', 'Tiaret', 'تيارت', 35.371, 1.317),
  w('15', 'Tizi Ouzou', 'Tizi Ouzou', 'تيزي وزو', 36.712, 4.046),
  w('16', 'Algiers', 'Alger', 'الجزائر', 36.754, 3.059),
  w('17', 'Djelfa', 'Djelfa', 'الجلفة', 34.673, 3.263),
  w('18', 'Jijel', 'Jijel', 'جيجل', 36.82, 5.766),
  w('19', 'Setif', 'Sétif', 'سطيف', 36.19, 5.414),
  w('20', 'Saida', 'Saïda', 'سعيدة', 34.831, 0.152),
  w('21', 'Skikda', 'Skikda', 'سكيكدة', 36.876, 6.907),
  w('22', 'Sidi Bel Abbes', 'Sidi Bel Abbès', 'سيدي بلعباس', 35.19, -0.631),
  w('23', 'Annaba', 'Annaba', 'عنابة', 36.9, 7.766),
  w('24', 'Guelma', 'Guelma', 'قالمة', 36.462, 7.426),
  w('25', 'Constantine', 'Constantine', 'قسنطينة', 36.365, 6.615),
  w('26', 'Medea', 'Médéa', 'المدية', 36.264, 2.753),
  w('27', 'Mostaganem', 'Mostaganem', 'مستغانم', 35.931, 0.089),
  w('28', "M'Sila", "M'Sila", 'المسيلة', 35.706, 4.542),
  w('29', 'Mascara', 'Mascara', 'معسكر', 35.396, 0.14),
  w('30', 'Ouargla', 'Ouargla', 'ورقلة', 31.949, 5.325),
  w('31', 'Oran', 'Oran', 'وهران', 35.697, -0.633),
  w('32', 'El Bayadh', 'El Bayadh', 'البيض', 33.683, 1.02),
  w('33', 'Illizi', 'Illizi', 'إليزي', 26.483, 8.467),
  w('34', 'Bordj Bou Arreridj', 'Bordj Bou Arréridj', 'برج بوعريريج', 36.073, 4.761),
  w('35', 'Boumerdes', 'Boumerdès', 'بومرداس', 36.766, 3.477),
  w('36', 'El Tarf', 'El Tarf', 'الطارف', 36.767, 8.314),
  w('37', 'Tindouf', 'Tindouf', 'تندوف', 27.671, -8.147),
  w('38', 'Tissemsilt', 'Tissemsilt', 'تيسمسيلت', 35.607, 1.811),
  w('39', 'El Oued', 'El Oued', 'الوادي', 33.368, 6.867),
  w('40', 'Khenchela', 'Khenchela', 'خنشلة', 35.436, 7.143),
  w('41', 'Souk Ahras', 'Souk Ahras', 'سوق أهراس', 36.286, 7.951),
  w('42', 'Tipaza', 'Tipaza', 'تيبازة', 36.589, 2.447),
  w('43', 'Mila', 'Mila', 'ميلة', 36.45, 6.264),
  w('44', 'Ain Defla', 'Aïn Defla', 'عين الدفلى', 36.264, 1.968),
  w('45', 'Naama', 'Naâma', 'النعامة', 33.267, -0.313),
  w('46', 'Ain Temouchent', 'Aïn Témouchent', 'عين تموشنت', 35.297, -1.14),
  w('47', 'Ghardaia', 'Ghardaïa', 'غرداية', 32.491, 3.674),
  w('48', 'Relizane', 'Relizane', 'غليزان', 35.737, 0.556),
  w('49', 'Timimoun', 'Timimoun', 'تيميمون', 29.263, 0.241),
  w('50', 'Bordj Badji Mokhtar', 'Bordj Badji Mokhtar', 'برج باجي مختار', 21.328, 0.955),
  w('51', 'Ouled Djellal', 'Ouled Djellal', 'أولاد جلال', 34.42, 5.07),
  w('52', 'Beni Abbes', 'Béni Abbès', 'بني عباس', 30.131, -2.166),
  w('53', 'In Salah', 'In Salah', 'عين صالح', 27.197, 2.468),
  w('54', 'In Guezzam', 'In Guezzam', 'عين قزام', 19.572, 5.769),
  w('55', 'Touggourt', 'Touggourt', 'تقرت', 33.105, 6.058),
  w('56', 'Djanet', 'Djanet', 'جانت', 24.554, 9.485),
  w('57', "El M'Ghair", "El M'Ghair", 'المغير', 33.953, 5.924),
  w('58', 'El Meniaa', 'El Meniaa', 'المنيعة', 30.579, 2.879),
];

const byCode = new Map(WILAYAS.map((x) => [x.code, x]));
export function wilayaByCode(code: string): Wilaya | undefined {
  return byCode.get(code);
}
