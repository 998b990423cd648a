export const testers = () => [];
