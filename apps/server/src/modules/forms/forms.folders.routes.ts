import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORM_FOLDER_LEVELS,
  FORM_FOLDER_PATHS,
  FORM_PERMISSIONS,
  ZCreateFormCategoryRequest,
  ZCreateFormSubcategoryRequest,
  ZCreateFormSubSubcategoryRequest,
  ZFormCategoryListResponse,
  ZFormCategoryResponse,
  ZFormFolderDeleteResponse,
  ZFormFolderListQuery,
  ZFormIdParams,
  ZFormSubcategoryListResponse,
  ZFormSubcategoryResponse,
  ZFormSubSubcategoryListResponse,
  ZFormSubSubcategoryResponse,
  ZFormTreeQuery,
  ZFormTreeResponse,
  ZUpdateFormCategoryRequest,
  ZUpdateFormSubcategoryRequest,
  ZUpdateFormSubSubcategoryRequest,
  type FormFolderLevel,
  type TFormFolder,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import { FOLDER_LABELS } from './forms.folders.presenter.js';
import type { FormFoldersService } from './forms.folders.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['forms'];
const manage = { access: FORM_PERMISSIONS.folders } as const;

/** Each level's request and answer schemas, and its answers (the folders under FORM_FOLDER_KEYS). */
const LEVELS = {
  category: {
    create: ZCreateFormCategoryRequest,
    update: ZUpdateFormCategoryRequest,
    one: ZFormCategoryResponse,
    many: ZFormCategoryListResponse,
    answerOne: (category: TFormFolder, message: string) => ({ success: true as const, message, data: { category } }),
    answerMany: (categories: TFormFolder[]) => ({ success: true as const, data: { categories } }),
  },
  subcategory: {
    create: ZCreateFormSubcategoryRequest,
    update: ZUpdateFormSubcategoryRequest,
    one: ZFormSubcategoryResponse,
    many: ZFormSubcategoryListResponse,
    answerOne: (subcategory: TFormFolder, message: string) => ({
      success: true as const,
      message,
      data: { subcategory },
    }),
    answerMany: (subcategories: TFormFolder[]) => ({ success: true as const, data: { subcategories } }),
  },
  sub_subcategory: {
    create: ZCreateFormSubSubcategoryRequest,
    update: ZUpdateFormSubSubcategoryRequest,
    one: ZFormSubSubcategoryResponse,
    many: ZFormSubSubcategoryListResponse,
    answerOne: (subSubcategory: TFormFolder, message: string) => ({
      success: true as const,
      message,
      data: { subSubcategory },
    }),
    answerMany: (subSubcategories: TFormFolder[]) => ({ success: true as const, data: { subSubcategories } }),
  },
} as const;

const deletedMessage = (level: FormFolderLevel, forms: number) =>
  `${FOLDER_LABELS[level]} deleted successfully${forms > 0 ? ` with ${forms} form${forms === 1 ? '' : 's'}` : ''}`;

/**
 * /api/forms/categories, /subcategories and /sub-subcategories (list, create, update, delete: one
 * implementation for the three levels) and /categories/tree. Every signed-in person reads them;
 * manage_categories changes them.
 */
export const formFolderRoutes =
  (folders: FormFoldersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/categories/tree',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Every live folder, nested, labelled in the language asked (Marathi names for mr and hi where a folder has one).',
          querystring: ZFormTreeQuery,
          response: { 200: ZFormTreeResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { categories: await folders.tree(currentUser(request), request.query.language) },
      }),
    );

    for (const level of FORM_FOLDER_LEVELS) {
      const path = `/${FORM_FOLDER_PATHS[level]}`;
      const schemas = LEVELS[level];
      const label = FOLDER_LABELS[level];

      app.get(
        path,
        {
          config: { access: 'signed_in' },
          schema: {
            tags,
            security: BEARER,
            description: `${label} folders by sort order then name; formCount counts the forms the caller may see in a folder and below it.`,
            querystring: ZFormFolderListQuery,
            response: { 200: schemas.many, ...errors },
          },
        },
        async (request) => schemas.answerMany(await folders.list(currentUser(request), level, request.query)),
      );

      app.post(
        path,
        {
          config: manage,
          schema: { tags, security: BEARER, body: schemas.create, response: { 201: schemas.one, ...errors } },
        },
        async (request, reply) => {
          const folder = await folders.create(currentUser(request), level, request.body, request.ip);
          return reply.code(201).send(schemas.answerOne(folder, `${label} created successfully`));
        },
      );

      app.put(
        `${path}/:id`,
        {
          config: manage,
          schema: {
            tags,
            security: BEARER,
            params: ZFormIdParams,
            body: schemas.update,
            response: { 200: schemas.one, ...errors },
          },
        },
        async (request) =>
          schemas.answerOne(
            await folders.update(currentUser(request), level, request.params.id, request.body, request.ip),
            `${label} updated successfully`,
          ),
      );

      app.delete(
        `${path}/:id`,
        {
          config: manage,
          schema: {
            tags,
            security: BEARER,
            description: `Moves the ${label.toLowerCase()}, the folders below it and their forms to the trash (restorable for TRASH_RETENTION_DAYS). A folder holding forms needs delete_documents as well.`,
            params: ZFormIdParams,
            response: { 200: ZFormFolderDeleteResponse, ...errors },
          },
        },
        async (request) => {
          const { forms } = await folders.remove(currentUser(request), level, request.params.id, request.ip);
          return { success: true as const, message: deletedMessage(level, forms), data: { forms } };
        },
      );
    }
  };
