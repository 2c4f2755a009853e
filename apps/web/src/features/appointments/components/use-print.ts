import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { TAppointment } from '@srpf/shared';
import { LEAVE_COUNTERS } from '@srpf/shared/appointments/appointments.rules';
import { formatDayFirst } from '../../../components/ui/date-text';
import { leaveTypeName } from '../lib/leave-types';
import { openPrintWindow, printDocument } from '../lib/print-document';

/** Print: a clean page of the appointment in its own window, which opens the print dialog. */
export function usePrintAppointment(): (appointment: TAppointment) => void {
  const { t } = useTranslation('appointments');
  return useCallback(
    (appointment: TAppointment) => {
      const fields: Record<string, string> = {
        full_name: t('fields.name'),
        badge_number: t('fields.badge'),
        phone_number: t('fields.phone'),
        designation_name: t('fields.designation'),
        company_name: t('fields.company'),
        dgp_id: t('fields.dgpId'),
        request_type: t('fields.requestType'),
        status: t('fields.status'),
        appointment_date: t('fields.appointmentDate'),
        appointment_time: t('fields.appointmentTime'),
        preferred_date: t('fields.preferredDate'),
        notes: t('fields.notes'),
        additional_details: t('fields.additionalDetails'),
        leave_type: t('fields.leaveType'),
        leave_start_date: t('fields.startDate'),
        leave_end_date: t('fields.endDate'),
        leave_reason: t('fields.reason'),
        date_of_joining: t('fields.dateOfJoining'),
      };
      for (const counter of LEAVE_COUNTERS) fields[counter] = t(`fields.${counter}`);
      const html = printDocument(appointment, {
        title: t('print.title'),
        forceName: t('print.forceName'),
        printedAt: t('print.printedAt', { date: formatDayFirst(new Date().toISOString()) }),
        fields,
        remarks: {
          clerk_remarks: t('fields.clerk_remarks'),
          officer_remarks: t('fields.officer_remarks'),
          commandant_remarks: t('fields.commandant_remarks'),
        },
        leaveTypeName: (value) => leaveTypeName(value, t),
      });
      if (!openPrintWindow(html)) toast.error(t('errors.printBlocked'));
    },
    [t],
  );
}
