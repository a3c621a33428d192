"""The pages and answers: one blueprint a module. A view imports forms, present and plumbing, never another view."""
