import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIBRARY_FOLDER_PERMISSION,
  ZCategoryListResponse,
  ZCategoryResponse,
  ZCreateCategoryRequest,
  ZCreateSubcategoryRequest,
  ZLibraryIdParams,
  ZMessageResponse,
  ZSubcategoryListResponse,
  ZSubcategoryResponse,
  ZUpdateCategoryRequest,
  ZUpdateSubcategoryRequest,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { CategoriesService } from './libraries.categories.service.js';
import type { LibraryInfo } from './libraries.library.js';

const errors = errorResponses(400, 401, 403, 404, 409);
const manage = { access: LIBRARY_FOLDER_PERMISSION } as const;

const deletedMessage = (what: string, documents: number) =>
  `${what} deleted successfully${documents > 0 ? ` with ${documents} document${documents === 1 ? '' : 's'}` : ''}`;

/** Folders: every signed-in user reads them; manage_categories changes them. */
export const categoryRoutes =
  (info: LibraryInfo, folders: CategoriesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = [info.library];

    app.get(
      '/categories',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, response: { 200: ZCategoryListResponse, ...errors } },
      },
      async () => ({
        success: true as const,
        data: { categories: await folders.list() },
      }),
    );

    app.post(
      '/categories',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          body: ZCreateCategoryRequest,
          response: { 201: ZCategoryResponse, ...errors },
        },
      },
      async (request, reply) => {
        const category = await folders.create(currentUser(request), request.body, request.ip);
        return reply
          .code(201)
          .send({ success: true as const, message: 'Category created successfully', data: { category } });
      },
    );

    app.get(
      '/categories/:id',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, params: ZLibraryIdParams, response: { 200: ZCategoryResponse, ...errors } },
      },
      async (request) => ({ success: true as const, data: { category: await folders.get(request.params.id) } }),
    );

    app.put(
      '/categories/:id',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          params: ZLibraryIdParams,
          body: ZUpdateCategoryRequest,
          response: { 200: ZCategoryResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Category updated successfully',
        data: { category: await folders.update(currentUser(request), request.params.id, request.body, request.ip) },
      }),
    );

    app.delete(
      '/categories/:id',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          description:
            'Moves the category, its subcategories and their documents to the trash (restorable for TRASH_RETENTION_DAYS). A category holding documents needs delete_documents as well.',
          params: ZLibraryIdParams,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      async (request) => {
        const { documents } = await folders.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: deletedMessage('Category', documents) };
      },
    );

    app.get(
      '/categories/:id/subcategories',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          params: ZLibraryIdParams,
          response: { 200: ZSubcategoryListResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { subcategories: await folders.listSubcategories(request.params.id) },
      }),
    );

    app.post(
      '/subcategories',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          body: ZCreateSubcategoryRequest,
          response: { 201: ZSubcategoryResponse, ...errors },
        },
      },
      async (request, reply) => {
        const subcategory = await folders.createSubcategory(currentUser(request), request.body, request.ip);
        return reply
          .code(201)
          .send({ success: true as const, message: 'Subcategory created successfully', data: { subcategory } });
      },
    );

    app.get(
      '/subcategories/:id',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          params: ZLibraryIdParams,
          response: { 200: ZSubcategoryResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { subcategory: await folders.getSubcategory(request.params.id) },
      }),
    );

    app.put(
      '/subcategories/:id',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          params: ZLibraryIdParams,
          body: ZUpdateSubcategoryRequest,
          response: { 200: ZSubcategoryResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Subcategory updated successfully',
        data: {
          subcategory: await folders.updateSubcategory(
            currentUser(request),
            request.params.id,
            request.body,
            request.ip,
          ),
        },
      }),
    );

    app.delete(
      '/subcategories/:id',
      {
        config: manage,
        schema: {
          tags,
          security: BEARER,
          description:
            'Moves the subcategory and its documents to the trash (restorable for TRASH_RETENTION_DAYS). A subcategory holding documents needs delete_documents as well.',
          params: ZLibraryIdParams,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      async (request) => {
        const { documents } = await folders.removeSubcategory(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: deletedMessage('Subcategory', documents) };
      },
    );
  };
