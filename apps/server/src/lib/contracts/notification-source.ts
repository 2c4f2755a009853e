/**
 * CONTRACT FOR ISSUE 36 (notifications), not used yet: an area whose events people are told about
 * contributes one of these in its manifest (`notificationSources`). Only the shape is fixed here;
 * delivery, channels and who is told are issue 34's to decide and may extend it.
 */
export interface NotificationSource {
  /** The area, named in settings and logs (e.g. 'appointments'). */
  area: string;
  /** The kinds of event it announces (e.g. 'appointment.approved'), each one a person may turn off. */
  events: readonly string[];
}
