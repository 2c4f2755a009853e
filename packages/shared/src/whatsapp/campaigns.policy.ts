import { actorCan, companyScopeOf, inCompanyScope, type Actor, type CompanyScope } from '../access/actor.js';

/**
 * Who may use broadcast campaigns (issue 31): holders of `send_whatsapp` (administrators hold it; it
 * is grantable). A campaign belongs to its audience's company: the actor sees and handles only those
 * of their companies (others are 404). A campaign of every company (company_id null) is for actors
 * whose scope is every company (administrators) only.
 */

/** The campaigns list, the templates, and making a draft: send_whatsapp. */
export const mayUseCampaigns = (actor: Actor): boolean => actorCan(actor, 'send_whatsapp');

/** May the actor see (and so handle) a campaign of this audience? Null is every company. */
export function maySeeCampaign(actor: Actor, campaign: { companyId: number | null }): boolean {
  if (!mayUseCampaigns(actor)) return false;
  if (campaign.companyId === null) return companyScopeOf(actor) === 'all';
  return inCompanyScope(actor, campaign.companyId);
}

/** May the actor address a campaign to this audience (the company select, and every company for administrators)? */
export const mayTargetCampaignAudience = (actor: Actor, companyId: number | null): boolean =>
  maySeeCampaign(actor, { companyId });

/** The companies whose campaigns the actor sees: 'all', or a list (campaigns of every company excluded). */
export const campaignScopeOf = (actor: Actor): CompanyScope => companyScopeOf(actor);
