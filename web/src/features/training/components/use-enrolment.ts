import { enroll, unenroll } from '@/features/training/api/save-course'
import { useApiMutation } from '@/lib/api-mutation'

/** The hint of both enrolment toasts that point to My Learning. */
export const MY_LEARNING_HINT = 'Go to the My Learning tab to start learning.'

/**
 * Enrol and leave, with the spec's toasts (docs/product.md#training-screen-screen): success 'Successfully enrolled
 * in course!'; 409 'Already Enrolled' (or the server's reason for a course not open yet); else
 * 'Failed to enroll in course'. Leaving: 'Successfully removed from course!' / 'Failed to remove from course'.
 */
export function useEnrolment() {
  const join = useApiMutation(enroll, {
    successToast: {
      variant: 'success',
      title: 'Successfully enrolled in course!',
      description: `Successfully Enrolled! ${MY_LEARNING_HINT}`,
    },
    errorToast: (error) =>
      error.status === 409 && error.message === 'Already Enrolled'
        ? { title: 'Already Enrolled', description: `You are already enrolled in this course. Use the My Learning tab to continue.` }
        : { variant: 'destructive', title: 'Failed to enroll in course', description: error.message },
  })
  const leave = useApiMutation(unenroll, {
    successToast: 'Successfully removed from course!',
    errorToast: 'Failed to remove from course',
  })
  return { join, leave }
}
