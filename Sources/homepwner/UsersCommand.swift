import CommandLineSupport

/// `users add|list|remove|reset`: the people who may sign in to the inventory's servers.
typealias UsersCommand = CommandLineSupport.UsersCommand<HomepwnerApp>

extension HomepwnerApp: AccountsApp {}
