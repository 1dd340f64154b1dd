/** The REST endpoints of the movescore catalogue: groups, their movements and the movements' perspectives. */
import { z } from 'zod';
import {
  ZMovescoreGroup,
  ZMovescoreGroupInput,
  ZMovescoreMovement,
  ZMovescoreMovementInput,
  ZPerspective,
  ZPerspectiveInput,
} from '../entities.js';
import { endpoint, ZCount, ZDeleteQuery, ZIdList, ZPrefixQuery } from './contract.js';

const GROUP_ENDPOINTS = {
  listGroups: endpoint({
    method: 'GET',
    path: '/api/movescore-groups',
    access: 'user',
    query: ZPrefixQuery,
    response: z.array(ZMovescoreGroup),
  }),
  countGroups: endpoint({ method: 'GET', path: '/api/movescore-groups/count', access: 'user', response: ZCount }),
  getGroupsByIds: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/by-ids',
    access: 'user',
    body: ZIdList,
    response: z.array(ZMovescoreGroup),
  }),
  getGroup: endpoint({ method: 'GET', path: '/api/movescore-groups/:groupId', access: 'user', response: ZMovescoreGroup }),
  createGroup: endpoint({
    method: 'POST',
    path: '/api/movescore-groups',
    access: 'admin',
    body: ZMovescoreGroupInput,
    response: ZMovescoreGroup,
  }),
  updateGroup: endpoint({
    method: 'PATCH',
    path: '/api/movescore-groups/:groupId',
    access: 'admin',
    body: ZMovescoreGroupInput.partial(),
    response: ZMovescoreGroup,
  }),
  deleteGroup: endpoint({
    method: 'DELETE',
    path: '/api/movescore-groups/:groupId',
    access: 'admin',
    query: ZDeleteQuery,
    response: null,
  }),
  uploadGroupCover: endpoint({
    method: 'PUT',
    path: '/api/movescore-groups/:groupId/cover',
    access: 'admin',
    upload: 'image',
    response: ZMovescoreGroup,
  }),
  recountGroup: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/recount',
    access: 'admin',
    response: ZMovescoreGroup,
  }),
} as const;

const MOVEMENT_ENDPOINTS = {
  listGroupMovements: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements',
    access: 'user',
    response: z.array(ZMovescoreMovement),
  }),
  getGroupMovement: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements/:movementId',
    access: 'user',
    response: ZMovescoreMovement,
  }),
  createGroupMovement: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/movements',
    access: 'admin',
    body: ZMovescoreMovementInput,
    response: ZMovescoreMovement,
  }),
  updateGroupMovement: endpoint({
    method: 'PATCH',
    path: '/api/movescore-groups/:groupId/movements/:movementId',
    access: 'admin',
    body: ZMovescoreMovementInput.partial(),
    response: ZMovescoreMovement,
  }),
  deleteGroupMovement: endpoint({
    method: 'DELETE',
    path: '/api/movescore-groups/:groupId/movements/:movementId',
    access: 'admin',
    query: ZDeleteQuery,
    response: null,
  }),
  recountGroupMovement: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/movements/:movementId/recount',
    access: 'admin',
    response: ZMovescoreMovement,
  }),
} as const;

const PERSPECTIVE_ENDPOINTS = {
  listPerspectives: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives',
    access: 'user',
    response: z.array(ZPerspective),
  }),
  getPerspective: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives/:perspectiveId',
    access: 'user',
    response: ZPerspective,
  }),
  createPerspective: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives',
    access: 'admin',
    body: ZPerspectiveInput,
    response: ZPerspective,
  }),
  updatePerspective: endpoint({
    method: 'PATCH',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives/:perspectiveId',
    access: 'admin',
    body: ZPerspectiveInput.partial(),
    response: ZPerspective,
  }),
  deletePerspective: endpoint({
    method: 'DELETE',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives/:perspectiveId',
    access: 'admin',
    response: null,
  }),
} as const;

export const MOVESCORE_ENDPOINTS = { ...GROUP_ENDPOINTS, ...MOVEMENT_ENDPOINTS, ...PERSPECTIVE_ENDPOINTS } as const;
