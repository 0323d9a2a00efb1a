; C# highlights for tree-sitter-c-sharp (the grammar ships none). Capture names follow Textual's
; TextArea themes: keyword, type, type.builtin, function, string, number, comment, boolean, ...

(comment) @comment

[
  (string_literal)
  (verbatim_string_literal)
  (raw_string_literal)
  (interpolated_string_expression)
] @string
(character_literal) @string

[(integer_literal) (real_literal)] @number
(boolean_literal) @boolean
(null_literal) @constant.builtin
(predefined_type) @type.builtin

(class_declaration name: (identifier) @type.class)
(struct_declaration name: (identifier) @type.class)
(record_declaration name: (identifier) @type.class)
(interface_declaration name: (identifier) @type.class)
(enum_declaration name: (identifier) @type.class)
(type_parameter (identifier) @type)
(base_list (identifier) @type)
(generic_name (identifier) @type)
(object_creation_expression type: (identifier) @type)
(variable_declaration type: (identifier) @type)
(parameter type: (identifier) @type)

(method_declaration name: (identifier) @method)
(constructor_declaration name: (identifier) @method)
(invocation_expression function: (identifier) @method.call)
(invocation_expression function: (member_access_expression name: (identifier) @method.call))

(attribute name: (identifier) @type)

[
  "abstract" "as" "async" "await" "base" "break" "case" "catch" "checked" "class" "const"
  "continue" "default" "delegate" "do" "else" "enum" "event" "explicit" "extern" "finally"
  "fixed" "for" "foreach" "get" "goto" "if" "implicit" "in" "init" "interface" "internal" "is"
  "lock" "namespace" "new" "operator" "out" "override" "params" "partial" "private" "protected"
  "public" "readonly" "record" "ref" "required" "return" "sealed" "set" "sizeof" "stackalloc"
  "static" "struct" "switch" "this" "throw" "try" "typeof" "unchecked" "unsafe" "using" "var"
  "virtual" "volatile" "when" "where" "while" "with" "yield" "add" "remove" "global" "file"
] @keyword
