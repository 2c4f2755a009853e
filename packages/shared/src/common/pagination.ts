import { z } from 'zod';

export const ZPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  /**
   * Present (true) when counting stopped early: there are more than `total` matches. Lists that can
   * hold a million rows count only so far past the page shown; the web writes the total as "1,000+".
   */
  totalCapped: z.literal(true).optional(),
});
export type TPagination = z.infer<typeof ZPagination>;

/** Query parameters of a paged list; each list passes its own maximum limit. */
export function pageQuery(maxLimit: number, defaultLimit = 10) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

/** The pagination of an answer; a capped total (more matches than `total`) leaves one more page to go to. */
export function paginationOf(page: number, limit: number, total: number, totalCapped = false): TPagination {
  const totalPages = Math.max(1, Math.ceil((totalCapped ? total + 1 : total) / limit));
  return {
    page,
    limit,
    total,
    totalPages,
    hasNext: page < totalPages,
    hasPrev: page > 1,
    ...(totalCapped ? { totalCapped: true as const } : {}),
  };
}

export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: ZPagination });
}
