/** The messaging overview's Broadcast Campaigns (issue 31): the section lives in ../campaigns. */
export { CampaignsSection } from '../campaigns/components/campaigns-section';
