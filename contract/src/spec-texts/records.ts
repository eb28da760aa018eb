/** The students, standards and messages screens (docs/product.md). */

export const students = {
  addFailed: 'Failed to add student. Please try again.',
  deleteFailed: 'Failed to delete student.',
  loadFailed: 'Failed to load students. Please try again.',
  standardsLoadFailed: 'Failed to load standards. Please refresh the page.',
  added: 'Student added successfully!',
  deleted: 'Student deleted successfully!',
  empty: 'No students found',
  confirmDelete: 'Are you sure you want to delete this student?',
} as const;

export const standards = {
  nameRequired: 'Standard name is required.',
  gradeLevelRange: 'Grade level must be between 1 and 12.',
  addFailed: 'Failed to add standard. Please try again.',
  updateFailed: 'Failed to update standard. Please try again.',
  deleteFailed: 'Failed to delete standard. It might be in use by students.',
  loadFailed: 'Failed to load standards. Please try again.',
  added: 'Standard added successfully!',
  updated: 'Standard updated successfully!',
  deleted: 'Standard deleted successfully!',
  empty: 'No standards found. Click "Add Standard" to create your first standard.',
  confirmDelete: 'Are you sure you want to delete this standard? This action cannot be undone.',
} as const;

export const inbox = {
  contentRequired: 'Message content is required.',
  sendFailed: 'Failed to send message. Please try again.',
  markReadFailed: 'Failed to mark message as read.',
  deleteFailed: 'Failed to delete message.',
  loadFailed: 'Failed to load messages. Please try again.',
  sent: 'Message sent successfully!',
  deleted: 'Message deleted successfully!',
  empty: 'No messages found. Click "New Message" to send your first message.',
  confirmDelete: 'Are you sure you want to delete this message?',
} as const;
