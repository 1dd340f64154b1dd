/** The REST endpoints of the activity catalogue: categories, activities, their movements and routines. */
import { z } from 'zod';
import {
  ZActivity,
  ZActivityCategory,
  ZActivityCategoryInput,
  ZActivityInput,
  ZMovement,
  ZMovementInput,
  ZRoutine,
  ZRoutineInput,
} from '../entities.js';
import { endpoint, ZCount, ZDeleteQuery, ZPrefixQuery } from './contract.js';

const CATEGORY_ENDPOINTS = {
  listCategories: endpoint({
    method: 'GET',
    path: '/api/activity_categories',
    access: 'user',
    response: z.array(ZActivityCategory),
  }),
  createCategory: endpoint({
    method: 'POST',
    path: '/api/activity_categories',
    access: 'admin',
    body: ZActivityCategoryInput,
    response: ZActivityCategory,
  }),
  updateCategory: endpoint({
    method: 'PATCH',
    path: '/api/activity_categories/:categoryId',
    access: 'admin',
    body: ZActivityCategoryInput.partial(),
    response: ZActivityCategory,
  }),
  deleteCategory: endpoint({
    method: 'DELETE',
    path: '/api/activity_categories/:categoryId',
    access: 'admin',
    response: null,
  }),
} as const;

const ACTIVITY_ENDPOINTS = {
  listActivities: endpoint({
    method: 'GET',
    path: '/api/activities',
    access: 'user',
    query: ZPrefixQuery.extend({ categoryId: z.string().max(128).optional() }),
    response: z.array(ZActivity),
  }),
  countActivities: endpoint({ method: 'GET', path: '/api/activities/count', access: 'user', response: ZCount }),
  getActivity: endpoint({ method: 'GET', path: '/api/activities/:activityId', access: 'user', response: ZActivity }),
  createActivity: endpoint({
    method: 'POST',
    path: '/api/activities',
    access: 'admin',
    body: ZActivityInput,
    response: ZActivity,
  }),
  updateActivity: endpoint({
    method: 'PATCH',
    path: '/api/activities/:activityId',
    access: 'admin',
    body: ZActivityInput.partial(),
    response: ZActivity,
  }),
  deleteActivity: endpoint({
    method: 'DELETE',
    path: '/api/activities/:activityId',
    access: 'admin',
    query: ZDeleteQuery,
    response: null,
  }),
  uploadActivityImage: endpoint({
    method: 'PUT',
    path: '/api/activities/:activityId/image',
    access: 'admin',
    upload: 'image',
    response: ZActivity,
  }),
} as const;

const MOVEMENT_ENDPOINTS = {
  listMovements: endpoint({
    method: 'GET',
    path: '/api/movements',
    access: 'user',
    query: z.object({ activityId: z.string().min(1).max(128) }),
    response: z.array(ZMovement),
  }),
  getMovement: endpoint({ method: 'GET', path: '/api/movements/:movementId', access: 'user', response: ZMovement }),
  createMovement: endpoint({
    method: 'POST',
    path: '/api/movements',
    access: 'admin',
    body: ZMovementInput,
    response: ZMovement,
  }),
  updateMovement: endpoint({
    method: 'PATCH',
    path: '/api/movements/:movementId',
    access: 'admin',
    body: ZMovementInput.partial(),
    response: ZMovement,
  }),
  deleteMovement: endpoint({ method: 'DELETE', path: '/api/movements/:movementId', access: 'admin', response: null }),
} as const;

const ROUTINE_ENDPOINTS = {
  listRoutines: endpoint({
    method: 'GET',
    path: '/api/routines',
    access: 'user',
    query: z.object({ activityId: z.string().min(1).max(128).optional() }),
    response: z.array(ZRoutine),
  }),
  getRoutine: endpoint({ method: 'GET', path: '/api/routines/:routineId', access: 'user', response: ZRoutine }),
  createRoutine: endpoint({ method: 'POST', path: '/api/routines', access: 'admin', body: ZRoutineInput, response: ZRoutine }),
  updateRoutine: endpoint({
    method: 'PATCH',
    path: '/api/routines/:routineId',
    access: 'admin',
    body: ZRoutineInput.partial(),
    response: ZRoutine,
  }),
  deleteRoutine: endpoint({ method: 'DELETE', path: '/api/routines/:routineId', access: 'admin', response: null }),
} as const;

export const ACTIVITY_CATALOGUE_ENDPOINTS = {
  ...CATEGORY_ENDPOINTS,
  ...ACTIVITY_ENDPOINTS,
  ...MOVEMENT_ENDPOINTS,
  ...ROUTINE_ENDPOINTS,
} as const;
