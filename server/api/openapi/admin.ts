// OpenAPI fragment for the operator's admin API (issue 17): projects and their analytics figures.
import { PROJECT_ID_PARAM, errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

const origins = { type: 'array', items: { type: 'string' }, description: 'Origin patterns (SPEC §5)' }
const features = {
  type: 'object',
  description: 'Remote feature overrides keyed by feature id: { isEnabled?, config? }',
}
const count = { type: 'integer', minimum: 0 }
const security = 'Needs `Authorization: Bearer <FOYER_OPERATOR_TOKEN>`; 404 when the server has no operator token.'

/** Admin API contract. */
export const adminOpenApi: OpenApiFragment = {
  tag: { name: 'admin', description: `The operator's console. ${security}` },
  schemas: {
    Project: {
      type: 'object',
      required: ['id', 'name', 'allowedOrigins', 'features', 'createdAt', 'updatedAt'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', pattern: '^[0-9a-f]{32}$' },
        name: { type: 'string' },
        allowedOrigins: origins,
        features,
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    },
    ProjectList: {
      type: 'object',
      required: ['projects'],
      additionalProperties: false,
      properties: { projects: { type: 'array', items: ref('Project') } },
    },
    ProjectStats: {
      type: 'object',
      required: ['days', 'connections', 'errors'],
      additionalProperties: false,
      properties: {
        days: count,
        connections: {
          type: 'array',
          items: {
            type: 'object',
            required: ['day', 'namespace', 'wallet', 'count'],
            additionalProperties: false,
            properties: { day: { type: 'string' }, namespace: { type: 'string' }, wallet: { type: 'string' }, count },
          },
        },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['category', 'count'],
            additionalProperties: false,
            properties: { category: { type: 'string' }, count },
          },
        },
      },
    },
  },
  paths: {
    '/admin/v1/projects': {
      get: {
        operationId: 'adminListProjects',
        tags: ['admin'],
        summary: 'Every project created through the admin API',
        responses: { '200': jsonResponse('Projects', ref('ProjectList')), ...errorResponses('401', '404') },
      },
      post: {
        operationId: 'adminCreateProject',
        tags: ['admin'],
        summary: 'Creates a project: name, optional id (generated when absent), allowedOrigins, features',
        responses: { '201': jsonResponse('Created', ref('Project')), ...errorResponses('400', '401', '404', '409') },
      },
    },
    '/admin/v1/projects/{projectId}': {
      get: {
        operationId: 'adminGetProject',
        tags: ['admin'],
        summary: 'One project',
        parameters: [PROJECT_ID_PARAM],
        responses: { '200': jsonResponse('Project', ref('Project')), ...errorResponses('400', '401', '404') },
      },
      patch: {
        operationId: 'adminUpdateProject',
        tags: ['admin'],
        summary: 'Changes name or allowedOrigins (replaced) or features (merged per feature; null removes one)',
        parameters: [PROJECT_ID_PARAM],
        responses: { '200': jsonResponse('Project', ref('Project')), ...errorResponses('400', '401', '404') },
      },
      delete: {
        operationId: 'adminDeleteProject',
        tags: ['admin'],
        summary: 'Deletes a project (its analytics stay)',
        parameters: [PROJECT_ID_PARAM],
        responses: { '204': { description: 'Deleted' }, ...errorResponses('400', '401', '404') },
      },
    },
    '/admin/v1/projects/{projectId}/stats': {
      get: {
        operationId: 'adminProjectStats',
        tags: ['admin'],
        summary: 'Connections per day by namespace and wallet, and errors by category, over the last `days` days',
        parameters: [
          PROJECT_ID_PARAM,
          { name: 'days', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 366 } },
        ],
        responses: { '200': jsonResponse('Figures', ref('ProjectStats')), ...errorResponses('400', '401', '404') },
      },
    },
  },
}
