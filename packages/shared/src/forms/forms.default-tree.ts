/**
 * The folder tree a fresh installation starts with (issue 18), the one the auto-categorise rules of
 * section 5 point at: written once here, seeded by the server at first start, read by the rules.
 */
export interface DefaultFolder {
  slug: string;
  name: string;
  nameMr: string;
  color?: string;
  children?: readonly DefaultFolder[];
}

export const FORM_SLUGS = {
  gpf: 'gpf',
  refundable: 'refundable',
  nonRefundable: 'non-refundable',
  medical: 'medical-bills',
  aForm: 'a-form',
  cdForm: 'cd-form',
  ltc: 'ltc',
  maharashtraDarshan: 'maharashtra-darshan',
  swagram: 'swagram',
  agrim: 'government-agrim',
  computer: 'computer',
  home: 'home',
  motorcycle: 'motorcycle',
  paripatrak: 'paripatrak',
  old: 'old',
  year2025: '2025',
  welfare: 'welfare-schemes',
  daptar: 'daptar',
  eklavya: 'eklavya',
  pustak: 'pustak',
  shishvrutti: 'shishvrutti',
} as const;

const s = FORM_SLUGS;

export const DEFAULT_FORM_TREE: readonly DefaultFolder[] = [
  {
    slug: s.gpf,
    name: 'GPF',
    nameMr: 'भविष्य निर्वाह निधी',
    color: '#2563EB',
    children: [
      { slug: s.refundable, name: 'Refundable', nameMr: 'परतावा' },
      { slug: s.nonRefundable, name: 'Non-refundable', nameMr: 'ना-परतावा' },
    ],
  },
  {
    slug: s.medical,
    name: 'Medical bills',
    nameMr: 'वैद्यकीय देयके',
    color: '#DC2626',
    children: [
      { slug: s.aForm, name: 'A form', nameMr: 'अ नमुना' },
      { slug: s.cdForm, name: 'CD form', nameMr: 'क-ड नमुना' },
    ],
  },
  {
    slug: s.ltc,
    name: 'LTC',
    nameMr: 'रजा प्रवास सवलत',
    color: '#059669',
    children: [
      { slug: s.maharashtraDarshan, name: 'Maharashtra Darshan', nameMr: 'महाराष्ट्र दर्शन' },
      { slug: s.swagram, name: 'Swagram', nameMr: 'स्वग्राम' },
    ],
  },
  {
    slug: s.agrim,
    name: 'Government agrim',
    nameMr: 'शासकीय अग्रिम',
    color: '#D97706',
    children: [
      { slug: s.computer, name: 'Computer', nameMr: 'संगणक' },
      { slug: s.home, name: 'Home', nameMr: 'गृह' },
      { slug: s.motorcycle, name: 'Motorcycle', nameMr: 'मोटारसायकल' },
    ],
  },
  {
    slug: s.paripatrak,
    name: 'Paripatrak',
    nameMr: 'परिपत्रक',
    color: '#7C3AED',
    children: [
      { slug: s.old, name: 'Old', nameMr: 'जुने', children: [{ slug: s.year2025, name: '2025', nameMr: '२०२५' }] },
    ],
  },
  {
    slug: s.welfare,
    name: 'Welfare schemes',
    nameMr: 'कल्याण योजना',
    color: '#DB2777',
    children: [
      { slug: s.daptar, name: 'Daptar', nameMr: 'दप्तर' },
      { slug: s.eklavya, name: 'Eklavya', nameMr: 'एकलव्य' },
      { slug: s.pustak, name: 'Pustak', nameMr: 'पुस्तक' },
      { slug: s.shishvrutti, name: 'Shishvrutti', nameMr: 'शिष्यवृत्ती' },
    ],
  },
];
