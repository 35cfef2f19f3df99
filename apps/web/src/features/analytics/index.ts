/** The analytics feature: a creator's totals, the same figures on the profile and the dashboard (server: modules/analytics). */
export { useCreatorAnalytics } from './api/analytics.ts';
