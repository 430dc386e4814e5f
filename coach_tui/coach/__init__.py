"""The coach conversation engine: sessions, recall, reviews, prompts, pricing, the model call.

Importing this package is cheap: `anthropic` is imported only inside `coach.llm`'s functions,
when a request is actually sent. Import the submodules you need (`coach_tui.coach.session`,
`coach_tui.coach.review`, ...); nothing is re-exported here so that importing one part never
pulls in the others.
"""
