import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZPayslipDelivery, ZPayslipDeliveryResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { payslipKeys } from './query-keys';

export type TPayslipDelivery = z.infer<typeof ZPayslipDelivery>;

/**
 * POST /payslips/{id}/mark-sent: a slip that needs a check is settled as sent, once the person has
 * confirmed they received it (409 from any other status).
 */
export async function markPayslipSent(id: number): Promise<TPayslipDelivery> {
  return (await api<z.infer<typeof ZPayslipDeliveryResponse>>(`/payslips/${id}/mark-sent`, { method: 'POST' })).data;
}

export function useMarkPayslipSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markPayslipSent(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payslipKeys.all }),
  });
}
