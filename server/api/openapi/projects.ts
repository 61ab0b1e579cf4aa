// OpenAPI fragment for the project config and allowed-origins endpoints.
import { REMOTE_FEATURE_IDS } from '../../config.js'
import { PROJECT_ID_PARAM, errorResponses, jsonResponse, ref } from './common.js'
import type { OpenApiFragment } from './types.js'

/** Project config contract. */
export const projectsOpenApi: OpenApiFragment = {
  tag: { name: 'projects', description: 'Remote features and allowed origins per project id' },
  schemas: {
    RemoteFeature: {
      type: 'object',
      required: ['id', 'isEnabled', 'config'],
      additionalProperties: false,
      properties: {
        id: { type: 'string', enum: [...REMOTE_FEATURE_IDS] },
        isEnabled: { type: 'boolean' },
        config: { description: 'Provider list for socials/swaps/onramp; null for on/off features' },
      },
    },
    ProjectConfig: {
      type: 'object',
      required: ['features'],
      additionalProperties: false,
      properties: { features: { type: 'array', items: ref('RemoteFeature') } },
    },
    AllowedOrigins: {
      type: 'object',
      required: ['allowedOrigins'],
      additionalProperties: false,
      properties: {
        allowedOrigins: {
          type: 'array',
          items: { type: 'string' },
          description: 'Origins; * matches any port or subdomain label',
        },
      },
    },
  },
  paths: {
    '/v1/projects/{projectId}/config': {
      get: {
        operationId: 'getProjectConfig',
        tags: ['projects'],
        summary: 'Remote feature list with SPEC §9 defaults and configured overrides',
        parameters: [PROJECT_ID_PARAM],
        responses: { '200': jsonResponse('Feature list', ref('ProjectConfig')), ...errorResponses('400') },
      },
    },
    '/v1/projects/{projectId}/origins': {
      get: {
        operationId: 'getProjectOrigins',
        tags: ['projects'],
        summary: 'Origins allowed to embed the modal for this project',
        parameters: [PROJECT_ID_PARAM],
        responses: { '200': jsonResponse('Allowed origins', ref('AllowedOrigins')), ...errorResponses('400') },
      },
    },
  },
}
