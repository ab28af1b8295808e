import type { UserRow } from '../../db/schema/users.ts';

export interface DemoPerson {
  phone: string;
  name: string;
  userType: UserRow['userType'];
  agencyName?: string;
  /** Wallet set-up, written through the ledger with kind 'demo_seed'. */
  credits?: number;
  postCredits?: number;
  delalaPlanDays?: number;
  tenantPlanDays?: number;
}

/** The phones the README names: sign in with them in demo mode (the code is shown on screen). */
export const DEMO_PHONES = {
  tenant: '+251911000010',
  tenantWithCredits: '+251911000011',
  landlord: '+251911000020',
  broker: '+251911000030',
  brokerWithPlan: '+251911000031',
} as const;

export const DEMO_TENANTS: DemoPerson[] = [
  { phone: DEMO_PHONES.tenant, name: 'Hana Tesfaye', userType: 'tenant', credits: 0 },
  { phone: DEMO_PHONES.tenantWithCredits, name: 'Yonas Bekele', userType: 'tenant', credits: 10 },
  { phone: '+251911000012', name: 'Meron Alemu', userType: 'tenant' },
  { phone: '+251911000013', name: 'Kaleb Assefa', userType: 'tenant' },
];

/** Landlords post at most 3 live listings each; the demo landlord keeps a slot free to try publishing. */
export const DEMO_LANDLORDS: DemoPerson[] = [
  { phone: DEMO_PHONES.landlord, name: 'Abebe Kebede', userType: 'landlord' },
  { phone: '+251911000021', name: 'Almaz Tadesse', userType: 'landlord' },
  { phone: '+251911000022', name: 'Getachew Worku', userType: 'landlord' },
  { phone: '+251911000023', name: 'Tsehay Mulugeta', userType: 'landlord' },
  { phone: '+251911000024', name: 'Bereket Haile', userType: 'landlord' },
  { phone: '+251911000025', name: 'Selamawit Girma', userType: 'landlord' },
  { phone: '+251911000026', name: 'Dereje Abate', userType: 'landlord' },
  { phone: '+251911000027', name: 'Rahel Negash', userType: 'landlord' },
  { phone: '+251911000028', name: 'Mulugeta Tefera', userType: 'landlord' },
  { phone: '+251911000029', name: 'Eden Solomon', userType: 'landlord' },
  { phone: '+251911000040', name: 'Fikru Demissie', userType: 'landlord' },
  { phone: '+251911000041', name: 'Bethlehem Yilma', userType: 'landlord' },
];

export const DEMO_BROKERS: DemoPerson[] = [
  { phone: DEMO_PHONES.broker, name: 'Tigist Haile', userType: 'delala', agencyName: 'Addis Home Finders', postCredits: 5 },
  {
    phone: DEMO_PHONES.brokerWithPlan,
    name: 'Samuel Girma',
    userType: 'delala',
    agencyName: 'Sheger Realty',
    postCredits: 2,
    delalaPlanDays: 30,
  },
  { phone: '+251911000032', name: 'Liya Mekonnen', userType: 'delala', agencyName: 'Entoto Properties', postCredits: 0 },
];

export const DEMO_ADMIN_NAMES = ['Selam Admasu', 'Dawit Lemma'];
