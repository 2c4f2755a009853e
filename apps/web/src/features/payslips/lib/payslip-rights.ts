import type { Actor } from '@srpf/shared/access/actor';
import { mayManagePayslips, mayUploadPayslips } from '@srpf/shared/payslips/payslips.policy';
import { mayReadWhatsappQueue, mayResumeWhatsappQueue } from '@srpf/shared/whatsapp/whatsapp.policy';

export interface PayslipRights {
  /** Upload Salary Slips (manage_payslips). */
  upload: boolean;
  /** The company-wide list with its selection and the WhatsApp column; without it, one's own slips only. */
  manage: boolean;
  /** The WhatsApp queue's notices (outbox, pause, daily limit, needs a check). */
  readQueue: boolean;
  /** Resume sending after a pause (administrators). */
  resumeQueue: boolean;
}

/** The payslips policy (packages/shared) for the signed-in person: the page hides what it refuses, and the server refuses it anyway. */
export function payslipRights(actor: Actor): PayslipRights {
  return {
    upload: mayUploadPayslips(actor),
    manage: mayManagePayslips(actor),
    readQueue: mayReadWhatsappQueue(actor),
    resumeQueue: mayResumeWhatsappQueue(actor),
  };
}
